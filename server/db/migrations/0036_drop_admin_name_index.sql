-- The back office searches product names through products_fts (words in any case and accent) since
-- this index's LIKE scan: nothing reads it any more, and every product write paid for it.
DROP INDEX `products_admin_search_idx`;