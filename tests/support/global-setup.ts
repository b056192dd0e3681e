// Placeholder replaced below in this commit series.
export default async function globalSetup() {}
