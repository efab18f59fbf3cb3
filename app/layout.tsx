import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Campus app",
  description: "A hosted app on the campus platform",
  // public/icon.svg: one file for the favicon and the icon the campus shows for the registered app.
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so that Next tags its scripts with the CSP nonce of proxy.ts.
  await connection();
  return (
    <html lang="en">
      {/* The app fills its frame: the campus decides the frame's size, the views adapt to it. */}
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">
        <main className="min-h-dvh">{children}</main>
      </body>
    </html>
  );
}
