"""Table Games: card and board games for friends around a real table."""
