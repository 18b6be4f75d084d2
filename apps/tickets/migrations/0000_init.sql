CREATE SCHEMA "tickets";
