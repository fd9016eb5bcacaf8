// expect: failed RuntimeError
// why: a detached async function is refused where it is called, so no loop can run after the plan returned
async function spin() {
  await 0;
  while (true) {}
}
spin();
return 'done';
