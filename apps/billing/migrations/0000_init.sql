CREATE SCHEMA "billing";
