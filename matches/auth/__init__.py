"""Who may do what: user names and login lock-outs (``accounts``), the permission checks
(``permissions``) and the groups they read (``groups``). The writes (signing up, adding a
director) are ``matches.actions``'."""
