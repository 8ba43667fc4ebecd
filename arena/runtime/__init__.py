"""What hosted play keeps at run time beside the database: the engine states cached per process
(``states``) and the dice a hosted match rolls with (``hosted_dice``)."""
