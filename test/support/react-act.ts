// Tells React the unit tests drive it with act(), so updates flush inside act() and no warning is printed.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
