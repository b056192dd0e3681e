#!/usr/bin/env node
// The `vinscope` command (cli/program.ts): `vinscope --help` lists the commands.
import { launch } from "./launch.mjs";

launch(process.argv.slice(2));
