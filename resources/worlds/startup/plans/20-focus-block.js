// request: Block Friday 09:00-11:00 for writing the board update.
// expect: createEvent
await createEvent({ title: 'Focus: board update', start: '2026-05-08T09:00:00Z', end: '2026-05-08T11:00:00Z' });
