import { VinNotFound } from "@/components/vin-not-found";

export default VinNotFound;
