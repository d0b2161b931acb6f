"""What the planner knows while it reads: the world of objects and groups, and which of them a phrase refers to."""
