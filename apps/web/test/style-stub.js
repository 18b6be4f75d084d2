// CSS imports resolve to nothing in component tests.
export default {};
