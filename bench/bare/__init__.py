"""The reference endpoint of the submission benchmark: one validated insert, nothing else."""
