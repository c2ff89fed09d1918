import type Stripe from 'stripe';
import { aCustomerWithCard, aPrice, startStripe, type StripeHarness } from './stripe-support';

describe("Stripe emulator: an invoice's hosted page and PDF", () => {
  let h: StripeHarness;
  let stripe: Stripe;

  beforeAll(async () => {
    h = await startStripe();
    stripe = h.stripe;
  });
  afterAll(() => h.close());

  it('links a finalized invoice to its page and PDF, served without a key; a draft has neither', async () => {
    const price = await aPrice(stripe, 2900, 'month', 'Starter');
    const { customer, paymentMethod } = await aCustomerWithCard(stripe);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_payment_method: paymentMethod.id,
    });
    const [paid] = (await stripe.invoices.list({ subscription: subscription.id })).data;
    expect(paid).toMatchObject({ status: 'paid', total: 2900 });
    expect(paid!.invoice_pdf).toMatch(
      new RegExp(`^${h.emulators.url}/v1/invoice_pages/invoice/test_\\w{40}/pdf$`),
    );
    expect(paid!.hosted_invoice_url).toMatch(
      new RegExp(`^${h.emulators.url}/v1/invoice_pages/i/test_\\w{40}$`),
    );
    expect((await stripe.invoices.retrieve(paid!.id)).invoice_pdf).toBe(paid!.invoice_pdf);

    const pdf = await fetch(paid!.invoice_pdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const body = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(body).toMatch(/^%PDF-1\.4\n/);
    expect(body).toContain(`(Invoice ${paid!.number})`);
    expect(body).toContain('(Total: $29.00)');
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(body)![1]);
    expect(body.slice(xref, xref + 4)).toBe('xref');

    const page = await fetch(paid!.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(`Invoice ${paid!.number}`);

    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(preview).toMatchObject({ invoice_pdf: null, hosted_invoice_url: null });
    expect((await fetch(`${h.emulators.url}/v1/invoice_pages/invoice/test_unknown/pdf`)).status).toBe(404);
    expect((await fetch(`${h.emulators.url}/v1/invoice_pages/i/test_unknown`)).status).toBe(404);
  });
});
