/** The dashboard's pages in nav order. A new page: a file beside this one and a line here. */
import type { DashboardPage } from "../page";
import { benchPage } from "./bench";
import { catalogPage } from "./catalog";
import { driftPage } from "./drift";
import { graphPage } from "./graph";
import { leaderboardPage } from "./leaderboard";
import { synthPage } from "./synth";
import { usagePage } from "./usage";

export const PAGES: readonly DashboardPage[] = [catalogPage, graphPage, driftPage, synthPage, benchPage, leaderboardPage, usagePage];
