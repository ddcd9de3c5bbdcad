CREATE TABLE "global_day_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"global_dilemma_id" text NOT NULL,
	"count_a" integer NOT NULL,
	"count_b" integer NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "global_day_rollups_global_dilemma_id_unique" UNIQUE("global_dilemma_id")
);
--> statement-breakpoint
CREATE TABLE "user_streaks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_day" date NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "user_streaks_days_positive" CHECK ("user_streaks"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "global_day_rollups" ADD CONSTRAINT "global_day_rollups_global_dilemma_id_global_dilemmas_id_fk" FOREIGN KEY ("global_dilemma_id") REFERENCES "public"."global_dilemmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_streaks" ADD CONSTRAINT "user_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;