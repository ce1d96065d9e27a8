CREATE TABLE `video_stream_chapters` (
	`id` integer PRIMARY KEY NOT NULL,
	`stream_id` integer NOT NULL,
	`type` integer NOT NULL,
	`value` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`timestamp` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`stream_id`) REFERENCES `video_streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_stream_chapters_stream_idx` ON `video_stream_chapters` (`stream_id`,`sort`);--> statement-breakpoint
CREATE TABLE `video_stream_likes` (
	`id` integer PRIMARY KEY NOT NULL,
	`stream_id` integer NOT NULL,
	`visit` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`stream_id`) REFERENCES `video_streams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_stream_likes_visit_idx` ON `video_stream_likes` (`stream_id`,`visit`);--> statement-breakpoint
CREATE TABLE `video_stream_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`stream_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`hidden_at` integer,
	FOREIGN KEY (`stream_id`) REFERENCES `video_streams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `video_stream_messages_stream_idx` ON `video_stream_messages` (`stream_id`,`id`);--> statement-breakpoint
CREATE TABLE `video_streams` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`url` text NOT NULL,
	`live` integer DEFAULT false NOT NULL,
	`started_at` integer,
	`count_user` integer DEFAULT 0 NOT NULL,
	`count_like` integer DEFAULT 0 NOT NULL,
	`count_comment` integer DEFAULT 0 NOT NULL
);
