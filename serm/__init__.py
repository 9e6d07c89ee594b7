"""serm: the S.E.R.M. skirmish wargame for the browser."""
