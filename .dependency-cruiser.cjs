// The directions of ARCHITECTURE.md, checked by `npm run lint:deps` (part of `npm test`).
// An `error` fails the build. A `-known` twin at `warn` names the files that broke a rule before
// it was checked; fixing one means deleting it from that list, and any other file is held to the rule.

const production = '^(domain|application|projections|http|infra)/';

/** A regex matching exactly these files; it consumes nothing, so a rule can append its own capture groups. */
const onlyFiles = (files) => `^(?=(?:${files.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$)`;

/** Files that import infra/ from http/ (the Logger type, which has a port in application/platform/ports/logger.ts). */
const httpToInfraKnown = [];

/** Cycles that only type-only imports close (the kernel and its routes). */
const typeCycleKnown = [];

module.exports = {
  forbidden: [
    {
      name: 'domain-only-domain',
      comment: 'domain/ holds pure rules: it imports nothing from the other layers.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { path: '^(application|projections|http|infra|test|bench)/' },
    },
    {
      name: 'domain-no-node-builtins',
      comment: 'domain/ has no I/O, clock or randomness: no Node built-in (fs, net, http, child_process, crypto, ...). Ids and time arrive on the command.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-pure-libraries-only',
      comment: 'domain/ may use the pure calculation libraries (luxon, decimal.js), never a driver, framework or adapter.',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '^node_modules/(luxon|decimal\\.js|@types/luxon)/',
      },
    },
    {
      name: 'application-not-to-http-or-infra',
      comment: 'Use cases depend on ports (application/platform/ports), never on the HTTP layer or an adapter.',
      severity: 'error',
      from: { path: '^application/' },
      to: { path: '^(http|infra)/' },
    },
    {
      name: 'platform-not-to-features',
      comment: 'application/platform/ is shared by every feature and read model, so it depends on none of them.',
      severity: 'error',
      from: { path: '^application/platform/' },
      to: { path: '^(application|projections)/', pathNot: '^application/platform/' },
    },
    {
      name: 'feature-through-index',
      comment: 'A feature reaches another feature only through its index.ts (application/platform/ is shared and exempt).',
      severity: 'error',
      from: { path: '^application/([^/]+)/', pathNot: '^application/platform/' },
      to: { path: '^application/[^/]+/', pathNot: ['^application/$1/', '^application/platform/', '^application/[^/]+/index\\.ts$'] },
    },
    {
      name: 'projections-only-domain-and-platform',
      comment: 'A read model depends on domain events and application/platform (ports, processing types) only.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(application|http|infra)/', pathNot: '^application/platform/' },
    },
    {
      name: 'read-model-through-doc-or-index',
      comment: 'A read model reaches another one only through its doc.ts (document type, collection name) or index.ts, never its projector or queries.',
      severity: 'error',
      from: { path: '^projections/([^/]+)/' },
      to: { path: '^projections/', pathNot: ['^projections/$1/', '^projections/[^/]+/(doc|index)\\.ts$'] },
    },
    {
      name: 'http-not-to-infra',
      comment: 'The HTTP layer is given its adapters by infra/ (the composition root); it imports ports, never adapters.',
      severity: 'error',
      from: { path: '^http/', pathNot: onlyFiles(httpToInfraKnown) },
      to: { path: '^infra/' },
    },
    {
      name: 'http-not-to-infra-known',
      comment: 'Known before the rule was checked: import the port from application/platform/ports instead, then delete the file from httpToInfraKnown.',
      severity: 'warn',
      from: { path: onlyFiles(httpToInfraKnown) },
      to: { path: '^infra/' },
    },
    {
      name: 'http-reads-projections-types-only',
      comment: 'http/ may name read-model document types; it reads them through application/ use cases and queries.',
      severity: 'error',
      from: { path: '^http/' },
      to: { path: '^projections/', dependencyTypesNot: ['type-only'], preCompilationOnly: false },
    },
    {
      name: 'production-not-to-tests',
      comment: 'Production code never imports test/ or bench/.',
      severity: 'error',
      from: { path: production },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'production-not-to-dev-dependencies',
      comment: 'The image prunes devDependencies: production code may import them for types only.',
      severity: 'error',
      from: { path: production },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], preCompilationOnly: false, pathNot: '^node_modules/@types/' },
    },
    {
      name: 'no-circular',
      comment: 'Modules form no cycle: split the shared part out, or depend on a port.',
      severity: 'error',
      from: { pathNot: onlyFiles(typeCycleKnown) },
      to: { circular: true },
    },
    {
      name: 'no-circular-known',
      comment: 'Known before the rule was checked (type-only imports close these cycles): break them, then delete the files from typeCycleKnown.',
      severity: 'warn',
      from: { path: onlyFiles(typeCycleKnown) },
      to: { circular: true },
    },
    {
      name: 'no-non-package-json',
      comment: 'Every package imported is declared in package.json.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|data)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: 'specify',
    reporterOptions: { text: { highlightFocused: true } },
  },
};
