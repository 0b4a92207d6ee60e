/** The workspace library versions the shell was built against (webpack DefinePlugin). */
declare const __BUILT_AGAINST__: Readonly<Record<'shared-ui' | 'contract', string>>;
