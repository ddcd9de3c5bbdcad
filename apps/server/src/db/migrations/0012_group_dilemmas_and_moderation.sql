CREATE TABLE "hidden_comments" (
	"round_id" text NOT NULL,
	"selected_by" text NOT NULL,
	"selected_for" text NOT NULL,
	"hidden_by" text,
	"hidden_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hidden_comments_round_id_selected_by_selected_for_pk" PRIMARY KEY("round_id","selected_by","selected_for")
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"group_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"reporter_id" text,
	"group_id" text NOT NULL,
	"round_id" text NOT NULL,
	"dilemma_id" text NOT NULL,
	"target" text NOT NULL,
	"comment_by" text,
	"comment_for" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "reports_target" CHECK ("reports"."target" IN ('dilemma', 'comment')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" IN ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_reason_length" CHECK (char_length("reports"."reason") BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "dilemmas" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD COLUMN "proposed_by" text;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "auto_approve_dilemmas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hidden_comments" ADD CONSTRAINT "hidden_comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_comments" ADD CONSTRAINT "hidden_comments_vote_fk" FOREIGN KEY ("round_id","selected_by","selected_for") REFERENCES "public"."votes"("round_id","selected_by","selected_for") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_dilemma_id_dilemmas_id_fk" FOREIGN KEY ("dilemma_id") REFERENCES "public"."dilemmas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_by_users_id_fk" FOREIGN KEY ("comment_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_for_users_id_fk" FOREIGN KEY ("comment_for") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_created_at_idx" ON "moderation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
ALTER TABLE "dilemmas" ADD CONSTRAINT "dilemmas_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD CONSTRAINT "dilemmas_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dilemmas_group_idx" ON "dilemmas" USING btree ("group_id","created_at") WHERE "dilemmas"."group_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "dilemmas" ADD CONSTRAINT "dilemmas_status" CHECK ("dilemmas"."status" IN ('pending', 'approved', 'rejected'));