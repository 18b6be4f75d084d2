CREATE TABLE "sessions"."replicas" (
	"id" varchar(200) PRIMARY KEY NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
