// expect: rejected 3 /for/
// why: for…in is refused
for (const k in { a: 1 }) {
}
