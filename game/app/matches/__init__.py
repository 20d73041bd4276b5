"""One match in progress: the engine state and its seats, what the services hear of it, the fair deal."""
