CREATE TABLE "round_reveals" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "round_reveals_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "round_reveals" ADD CONSTRAINT "round_reveals_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_reveals" ADD CONSTRAINT "round_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_reveals_user_id_idx" ON "round_reveals" USING btree ("user_id");--> statement-breakpoint
-- Rounds closed before the reveal existed count as seen by their participants, so nobody who played them is shown old results (decision 0063).
INSERT INTO "round_reveals" ("round_id", "user_id", "seen_at")
SELECT "round_results"."round_id", "round_results"."user_id", now()
FROM "round_results"
JOIN "rounds" ON "rounds"."id" = "round_results"."round_id"
WHERE "rounds"."archived_at" IS NOT NULL
ON CONFLICT DO NOTHING;
