"""What the table looks like: card faces and backs, the felt, panels and colours, and the cache that keeps them."""
