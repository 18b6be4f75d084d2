// Asset imports (images, sounds) resolve to a URL-like string in component tests.
export default 'test-file-stub';
