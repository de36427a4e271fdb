/** @type {import('jest').Config} */
module.exports = {
  preset: "ts-jest/presets/js-with-ts",
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transformIgnorePatterns: ["/node_modules/(?!(p-limit|yocto-queue|hyparquet|hyparquet-writer)/)"],
  testTimeout: 30000,
};
