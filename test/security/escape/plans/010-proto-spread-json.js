// expect: completed [["__proto__"],null]
// why: spreading a parsed object with an own "__proto__" key only copies data, as in JS
const o = { ...JSON.parse('{"__proto__": {"polluted": "yes"}}') };
return [Object.keys(o), o.polluted];
