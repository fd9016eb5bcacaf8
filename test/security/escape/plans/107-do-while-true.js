// expect: limit steps
// why: do…while (true)
do {} while (true);
