#!/bin/sh
# First start of the PostgreSQL container only (docker-entrypoint-initdb.d): the runtime role
# Atrium connects as, with the password of DATABASE_APP_PASSWORD. Not a superuser and without
# BYPASSRLS, so row-level security applies to it; the migrations (run by the owner, postgres)
# create the schemas and grant it what it needs.
set -eu
psql -v ON_ERROR_STOP=1 -v app_password="$ATRIUM_APP_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE atrium_app LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD :'app_password';
SQL
