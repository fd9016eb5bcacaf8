// expect: rejected 3 /Reflect/
// why: Reflect is refused
return Reflect.ownKeys({});
