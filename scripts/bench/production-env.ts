// Imported first by a benchmark that runs the app in its own process: React (the server's render of
// the first pages, the e-mails) picks its build from process.env.NODE_ENV when it is first loaded, and
// a benchmark measures the production build, as production runs it (NODE_ENV=production).
process.env.NODE_ENV ??= 'production';
