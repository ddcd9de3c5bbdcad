CREATE TABLE "round_results" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"submitted" boolean NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "round_results_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "round_submissions" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "round_submissions_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"group_id" text NOT NULL,
	"number" integer NOT NULL,
	"dilemma_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"round_id" text NOT NULL,
	"selected_by" text NOT NULL,
	"selected_for" text NOT NULL,
	"option_selected" text,
	"comments" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_round_id_selected_by_selected_for_pk" PRIMARY KEY("round_id","selected_by","selected_for"),
	CONSTRAINT "votes_option" CHECK ("votes"."option_selected" IN ('A', 'B')),
	CONSTRAINT "votes_comments_length" CHECK (char_length("votes"."comments") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "round_results" ADD CONSTRAINT "round_results_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_results" ADD CONSTRAINT "round_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_submissions" ADD CONSTRAINT "round_submissions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_submissions" ADD CONSTRAINT "round_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_dilemma_id_dilemmas_id_fk" FOREIGN KEY ("dilemma_id") REFERENCES "public"."dilemmas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_selected_by_users_id_fk" FOREIGN KEY ("selected_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_selected_for_users_id_fk" FOREIGN KEY ("selected_for") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "round_results_user_id_idx" ON "round_results" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "round_submissions_user_id_idx" ON "round_submissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_group_number_idx" ON "rounds" USING btree ("group_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_group_dilemma_idx" ON "rounds" USING btree ("group_id","dilemma_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_one_open_per_group_idx" ON "rounds" USING btree ("group_id") WHERE "rounds"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "rounds_open_due_idx" ON "rounds" USING btree ("due_date") WHERE "rounds"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "votes_selected_for_idx" ON "votes" USING btree ("selected_for");