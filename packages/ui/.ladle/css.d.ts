// Stylesheets imported for their side effect (the catalogue loads the package's styles.css): TypeScript 6 checks
// side-effect imports (`noUncheckedSideEffectImports`), and a .css file has no declarations of its own.
declare module '*.css';
