// The sign-in page model moved to tests/e2e/page-models/ with the other page models; this path stays for
// the specs that still import it.
export * from '../../page-models/sign-in-page';
