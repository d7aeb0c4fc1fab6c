import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { SecurityQuestions, type SecurityAnswer, type SecurityQuestionsLabels } from '../src/index.js';

export default { title: 'Steps / Security questions' } satisfies StoryDefault;

const QUESTIONS = [
  { id: '1', text: 'What was the name of your first pet?' },
  { id: '2', text: 'In what city were you born?' },
  { id: '3', text: 'What was the name of your first school?' },
  { id: '4', text: 'What is your oldest sibling’s middle name?' },
  { id: '5', text: 'What was the make of your first car?' },
];

const LABELS: SecurityQuestionsLabels = {
  legend: 'Security questions',
  question: (n) => `Security question ${n}`,
  answer: (n) => `Answer ${n}`,
  placeholder: 'Choose a question',
};

const empty = (): SecurityAnswer[] => [0, 1, 2].map(() => ({ questionId: '', answer: '' }));

/** A question chosen in one slot disappears from the other two. */
export const Interactive: Story = () => {
  const [value, setValue] = useState(empty);
  return <SecurityQuestions questions={QUESTIONS} value={value} onChange={setValue} labels={LABELS} />;
};

export const WithErrors: Story = () => (
  <SecurityQuestions
    questions={QUESTIONS}
    value={[
      { questionId: '1', answer: 'Rex' },
      { questionId: '2', answer: '' },
      { questionId: '', answer: '' },
    ]}
    onChange={() => {}}
    labels={LABELS}
    errors={[undefined, { answer: 'Enter an answer.' }, { question: 'Choose a question.', answer: 'Enter an answer.' }]}
  />
);

export const Spanish: Story = () => {
  const [value, setValue] = useState(empty);
  return (
    <SecurityQuestions
      questions={[
        { id: '1', text: '¿Cómo se llamaba su primera mascota?' },
        { id: '2', text: '¿En qué ciudad nació?' },
        { id: '3', text: '¿Cómo se llamaba su primera escuela?' },
      ]}
      value={value}
      onChange={setValue}
      labels={{
        legend: 'Preguntas de seguridad',
        question: (n) => `Pregunta de seguridad ${n}`,
        answer: (n) => `Respuesta ${n}`,
        placeholder: 'Elija una pregunta',
      }}
    />
  );
};

/** The same story on a 360 px phone. */
export const Phone: Story = () => <Interactive />;
Phone.meta = { width: 360 };
