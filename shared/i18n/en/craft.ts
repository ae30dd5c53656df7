/** The agent's plan, its reasoning effort and the images a prompt carries, wherever people see them. */
export const craft = {
  plan: {
    title: 'Plan',
    progress: '{{done}}/{{total}}',
    progressLabel: 'Plan: {{done}} of {{total}} steps done',
    status: { pending: 'pending', in_progress: 'in progress', completed: 'completed' },
    none: 'no plan',
  },
  effort: {
    label: 'Reasoning effort',
    fromConfig: "provider's",
    level: { low: 'low', medium: 'medium', high: 'high' },
    provider: 'Provider',
    providerDefault: 'default',
  },
  images: {
    attach: 'Attach image',
    attachButton: '+ Image',
    remove: 'Remove image {{name}}',
    attached_one: '{{count}} image attached',
    attached_other: '{{count}} images attached',
    tooLarge: '{{name}} is larger than {{max}} MB; attach a smaller image.',
    notImage: '{{name}} is not a PNG, JPEG, GIF or WebP image.',
    onlyWithPrompt: 'Images go with a prompt: type the prompt to send them with, or remove them.',
    list: 'Attached images',
    shown: 'Image {{name}}',
  },
} as const;
