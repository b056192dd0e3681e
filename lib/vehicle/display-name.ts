/**
 * vPIC prints makes in upper case ("TOYOTA", "LAND ROVER", "MERCEDES-BENZ"); people read "Toyota",
 * "Land Rover", "Mercedes-Benz". Short all-caps makes (BMW, GMC, RAM) and names already in mixed case stay.
 */
export function displayMake(name: string): string {
  if (name !== name.toUpperCase() || name.replace(/[^A-Z]/g, "").length <= 3) return name;
  return name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
}
