import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/thank-you";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Thank you", description: "Thank you for shopping with GLACIAL.", noindex: true });

export default function ThankYou() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">Thank you!</h1>
      <p className="mt-4 text-slate-700">
        Thank you for shopping with GLACIAL. When you place an order, a confirmation is sent to your email, and our team is here 24 hours a day, 7 days a week if you need
        anything.
      </p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
        Continue Shopping
      </Link>
    </div>
  );
}
