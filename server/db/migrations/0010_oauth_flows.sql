CREATE TABLE `oauth_flows` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`session_hash` text NOT NULL,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`return_to` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oauth_flows_session_idx` ON `oauth_flows` (`session_hash`,`created_at`);--> statement-breakpoint
CREATE INDEX `oauth_flows_expires_idx` ON `oauth_flows` (`expires_at`);