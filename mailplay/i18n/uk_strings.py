"""Ukrainian for play by email's own words (`manage.py buildtranslations --fill`)."""

UK = {
    "Answer taken: %(option)s": "Відповідь прийнято: %(option)s",
}
