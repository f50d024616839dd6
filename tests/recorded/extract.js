// Records every assertValidation / assertSerialization / assertType /
// assertNotFound / assertInUse / assertConditional case of dynalite's test
// suite as JSON on stdout: [{kind, target, test, data, msg}].
// Usage: node extract.js <dynalite checkout>/test > cases.json
const Module = require('module'), fs = require('fs'), path = require('path')
const SUITE = path.resolve(process.argv[2])
// ARNs in the cases name the engine's region and account.
process.env.AWS_REGION = 'local'
// The suite draws random names and numbers: drawn from a fixed seed, the
// output is the same on every run.
let seed = 20120810
Math.random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
const cases = []
let current = ''
const noop = () => {}
const stubs = {
  should: new Proxy(function () {}, { get: () => stubs.should, apply: () => stubs.should }),
  async: { forEach: (a, f, d) => { a.forEach(x => f(x, noop)); d && d() }, parallel: noop, series: noop,
    eachSeries: (a, f, d) => { a.forEach(x => f(x, noop)) }, each: (a, f, d) => { a.forEach(x => f(x, noop)) },
    times: noop, timesSeries: noop, mapSeries: noop, map: noop, whilst: noop, retry: noop, eachLimit: noop, forEachSeries: (a, f, d) => { a.forEach(x => f(x, noop)) } },
  once: f => f, aws4: { sign: noop }, '..': () => ({ listen: noop, close: noop }), '../db': {},
}
const origLoad = Module._load
Module._load = function (req, parent, isMain) {
  if (Object.prototype.hasOwnProperty.call(stubs, req)) return stubs[req]
  return origLoad.apply(this, arguments)
}
let src = fs.readFileSync(path.join(SUITE, 'helpers.js'), 'utf8')
for (const n of ['assertSerialization', 'assertValidation', 'assertNotFound', 'assertInUse', 'assertConditional', 'assertAccessDenied'])
  src = src.replace('function ' + n + '(', 'function _orig_' + n + '(')
src = src.replace(/process\.env\.REMOTE \?/g, 'true ?')
src += `
function assertSerialization(target, data, msg, done) { global.__record('serialization', target, data, msg); done && done() }
function assertValidation(target, data, msg, done) { global.__record('validation', target, data, msg); done && done() }
function assertNotFound(target, data, msg, done) { global.__record('not_found', target, data, msg); done && done() }
function assertInUse(target, data, msg, done) { global.__record('in_use', target, data, msg); done && done() }
function assertConditional(target, data, done) { global.__record('conditional', target, data, 'The conditional request failed'); done && done() }
function assertAccessDenied(target, data, msg, done) { }
`
src = src.replace(/^function request\(opts, cb\) \{/m, 'function request(opts, cb) { return;')
global.before = noop; global.after = noop; global.beforeEach = noop; global.afterEach = noop
global.__record = (kind, target, data, msg) => {
  if (msg instanceof RegExp) msg = { regex: msg.source }
  else if (Array.isArray(msg)) msg = { all_of: msg.map(m => m instanceof RegExp ? { regex: m.source } : m) }
  cases.push({ kind, target, test: current, data: JSON.parse(JSON.stringify(data === undefined ? {} : data)), msg })
}
const helpersPath = path.join(SUITE, 'helpers.js')
const m = new Module(helpersPath, null); m.filename = helpersPath; m.paths = Module._nodeModulePaths(SUITE)
m._compile(src, helpersPath)
Module._cache[helpersPath] = m
m.loaded = true
m.exports.awsAccountId = '000000000000'
const stack = []
global.describe = (name, fn) => { stack.push(name); try { fn.call({ timeout: noop }) } catch (e) { } stack.pop() }
global.describe.skip = noop; global.describe.only = global.describe
global.it = (name, fn) => { current = stack.concat([name]).join(' / '); try { fn.call({ timeout: noop }, noop) } catch (e) { process.stderr.write('ERR ' + current + ': ' + e.message + '\n') } }
global.it.skip = noop; global.it.only = global.it
for (const f of fs.readdirSync(SUITE).sort()) {
  if (!f.endsWith('.js') || ['helpers.js', 'bench.js', 'connection.js'].includes(f)) continue
  require(path.join(SUITE, f))
}
process.stdout.write(JSON.stringify(cases))
const by = {}; for (const c of cases) by[c.kind] = (by[c.kind] || 0) + 1
process.stderr.write(cases.length + ' cases ' + JSON.stringify(by) + '\n')
