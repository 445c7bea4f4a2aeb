"""Khôra's components as data: tracks, cities, politics cards, events and exploration spaces.

Facts come from docs/component-data/khora_data.yaml (restated in our own words). Every
value that was a judgement call lives in `rulings.py`, so that a correction is a one-line change.
"""
