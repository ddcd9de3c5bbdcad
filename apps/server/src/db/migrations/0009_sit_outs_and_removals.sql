CREATE TABLE "group_removals" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"invite_code" text NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_removals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "round_sit_outs" (
	"round_id" text NOT NULL,
	"user_id" text NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	CONSTRAINT "round_sit_outs_round_id_user_id_pk" PRIMARY KEY("round_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_sit_outs" ADD CONSTRAINT "round_sit_outs_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_sit_outs" ADD CONSTRAINT "round_sit_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_removals_user_id_idx" ON "group_removals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "round_sit_outs_user_id_idx" ON "round_sit_outs" USING btree ("user_id");