CREATE SCHEMA "campaigns";
