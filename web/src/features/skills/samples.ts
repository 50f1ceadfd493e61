/**
 * The public page's sample questions. Written for the sample only and never part of the item bank,
 * so showing their answers in the browser gives nothing away.
 */
export const sampleQuestions = [
  {
    id: 'sample-communication',
    skill: 'Communication',
    stem: 'You need a colleague to review a document by Thursday. Which message is clearest?',
    options: [
      '"When you get a chance, could you look at this?"',
      '"Could you review the attached budget summary by Thursday noon? I mainly need a check of the totals."',
      '"Urgent!!! Please read."',
      '"See attached."',
    ],
    answer: 1,
    explanation:
      'It says what to do, by when and what matters most, so the reader can act without asking back. The others leave the task, the deadline or both unclear.',
  },
  {
    id: 'sample-data',
    skill: 'Data and analytics',
    stem: 'Orders went from 80 last month to 100 this month. What is the percentage increase?',
    options: ['20 %', '25 %', '80 %', '125 %'],
    answer: 1,
    explanation:
      'Change divided by the starting value: (100 − 80) / 80 = 0.25, so 25 %. Dividing by the new value (20 / 100 = 20 %) is the usual slip.',
  },
  {
    id: 'sample-digital',
    skill: 'Digital literacy',
    stem: 'A text message says your parcel is held and asks you to pay a small fee through a link. What should you do?',
    options: [
      'Pay quickly so the parcel is not returned',
      'Reply to ask whether it is genuine',
      "Check the delivery on the carrier's own app or website, typed in yourself",
      'Forward the link to a friend to try',
    ],
    answer: 2,
    explanation:
      'Parcel-fee texts are a common phishing trick. Going to the carrier through a channel you control avoids the link; replying confirms your number to the sender.',
  },
] as const;
