// expect: rejected 3 /unknown name/
// why: verifyEmailAddress is not in this world: a plan cannot mint verified values
return verifyEmailAddress('zed@attacker.test');
