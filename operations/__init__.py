"""Running the site: health probes, Prometheus metrics, error reports, JSON logs, backups."""
