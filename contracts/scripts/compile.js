// Compiles contracts/src/*.sol with the solc-js and OpenZeppelin versions pinned in
// package-lock.json, with pinned settings, into contracts/build: one <Name>.abi.json and
// <Name>.bin per deployable contract and build-info.json saying how. The output is
// byte-for-byte reproducible (no metadata hash, sorted keys), so CI can regenerate it and
// fail on any difference.
'use strict';
const fs = require('fs');
const path = require('path');
const solc = require('solc');

const root = path.resolve(__dirname, '..');
const srcDir = path.join(root, 'src');
const buildDir = path.join(root, 'build');
// The contracts the Go client deploys; libraries and abstract bases are compiled in.
const deployables = ['GFL', 'DPS', 'ProviderRegistry', 'Settlement', 'JobEscrow', 'Staking', 'AdmissionGovernor'];
const settings = {
  optimizer: { enabled: true, runs: 100000 },
  evmVersion: 'cancun',
  viaIR: false,
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

const sources = {};
for (const f of fs.readdirSync(srcDir).filter((f) => f.endsWith('.sol')).sort()) {
  sources['src/' + f] = { content: fs.readFileSync(path.join(srcDir, f), 'utf8') };
}

function findImports(p) {
  const candidates = [path.join(root, 'node_modules', p), path.join(root, p)];
  for (const c of candidates) {
    if (fs.existsSync(c)) return { contents: fs.readFileSync(c, 'utf8') };
  }
  return { error: 'not found: ' + p };
}

const out = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: findImports }));
// Warnings in our own sources fail the build too: a shadowed name or an unused variable in a
// contract that holds money is worth a look every time, not once. OpenZeppelin's are shown
// and left to OpenZeppelin (its transient-storage warning is about a use it documents as safe).
const ours = (e) => e.sourceLocation && e.sourceLocation.file.startsWith('src/');
for (const e of out.errors || []) {
  if (e.severity === 'error' || ours(e)) process.stderr.write(e.formattedMessage + '\n');
}
if ((out.errors || []).some((e) => e.severity === 'error' || (e.severity === 'warning' && ours(e)))) process.exit(1);

// Stable JSON: keys sorted at every level.
function sorted(v) {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]));
  return v;
}

fs.mkdirSync(buildDir, { recursive: true });
for (const f of fs.readdirSync(buildDir)) fs.unlinkSync(path.join(buildDir, f));
for (const name of deployables) {
  const unit = out.contracts['src/' + name + '.sol'];
  if (!unit || !unit[name]) {
    process.stderr.write('contract ' + name + ' not found in src/' + name + '.sol\n');
    process.exit(1);
  }
  fs.writeFileSync(path.join(buildDir, name + '.abi.json'), JSON.stringify(sorted(unit[name].abi), null, 2) + '\n');
  fs.writeFileSync(path.join(buildDir, name + '.bin'), unit[name].evm.bytecode.object + '\n');
}
const ozVersion = require(path.join(root, 'node_modules', '@openzeppelin', 'contracts', 'package.json')).version;
fs.writeFileSync(
  path.join(buildDir, 'build-info.json'),
  JSON.stringify(sorted({ compiler: solc.version(), openzeppelin: ozVersion, settings, sources: Object.keys(sources) }), null, 2) + '\n',
);
process.stdout.write('compiled ' + Object.keys(sources).length + ' sources with solc ' + solc.version() + ' (OpenZeppelin ' + ozVersion + ')\n');
