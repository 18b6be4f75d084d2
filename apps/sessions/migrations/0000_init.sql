CREATE SCHEMA "sessions";
