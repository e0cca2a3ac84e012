CREATE TABLE "installation_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_secrets_value_length" CHECK (octet_length("installation_secrets"."value") between 16 and 1024)
);
