CREATE TABLE "pair_tallies" (
	"group_id" text NOT NULL,
	"predictor_id" text NOT NULL,
	"target_id" text NOT NULL,
	"right" integer NOT NULL,
	"tries" integer NOT NULL,
	CONSTRAINT "pair_tallies_group_id_predictor_id_target_id_pk" PRIMARY KEY("group_id","predictor_id","target_id")
);
--> statement-breakpoint
ALTER TABLE "pair_tallies" ADD CONSTRAINT "pair_tallies_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_tallies" ADD CONSTRAINT "pair_tallies_predictor_id_users_id_fk" FOREIGN KEY ("predictor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pair_tallies" ADD CONSTRAINT "pair_tallies_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pair_tallies_predictor_id_idx" ON "pair_tallies" USING btree ("predictor_id");--> statement-breakpoint
CREATE INDEX "pair_tallies_target_id_idx" ON "pair_tallies" USING btree ("target_id");--> statement-breakpoint
-- The rounds closed before the tallies existed, counted as each closing now counts its round (decision 0080).
INSERT INTO "pair_tallies" ("group_id", "predictor_id", "target_id", "right", "tries")
SELECT "rounds"."group_id", predictor."user_id", target."user_id",
  (count(*) FILTER (WHERE guess."option_selected" = truth."option_selected"))::int, count(*)::int
FROM "rounds"
JOIN "round_results" predictor ON predictor."round_id" = "rounds"."id" AND predictor."submitted"
JOIN "round_results" target ON target."round_id" = "rounds"."id" AND target."submitted"
  AND target."user_id" <> predictor."user_id"
LEFT JOIN "votes" guess ON guess."round_id" = "rounds"."id"
  AND guess."selected_by" = predictor."user_id" AND guess."selected_for" = target."user_id"
LEFT JOIN "votes" truth ON truth."round_id" = "rounds"."id"
  AND truth."selected_by" = target."user_id" AND truth."selected_for" = target."user_id"
WHERE "rounds"."archived_at" IS NOT NULL
GROUP BY "rounds"."group_id", predictor."user_id", target."user_id";
