//! Many-to-many with an adjacency list: students and courses are nodes,
//! enrolments are edges; the table reads the edges one way, an inverted
//! index (its keys the table's, swapped) the other.

use engine::api::Operation;
use serde_json::json;

use super::Example;
use crate::model::design::chart::{
    AttributeDesign as A, Chart, Entity, Generator as G, IndexDesign, ProjectionDesign,
    TableDesign, key_templates,
};
use crate::model::patterns::pattern::AccessPattern;
use crate::model::playground::Playground;

const TABLE: &str = "school";

pub const EXAMPLE: Example = Example {
    name: "adjacency",
    title: "Students and courses",
    technique: "An adjacency list and an inverted index for a many-to-many relationship",
    explanation: &[
        "Every student and every course is a node item whose partition and sort key are the same (STUDENT#s1 / STUDENT#s1). An enrolment is an edge item in the student's partition: PK STUDENT#<s>, SK COURSE#<c>, holding what belongs to that pair (the grade, when it started). A student's courses are one Query on the student's partition.",
        "The other direction needs no second copy of the edges. The index Inverted takes the table's own key attributes the other way round — SK as its partition key, PK as its sort key — so the edges of a course sit together under COURSE#<c>: the students in a course are one Query on the index.",
        "Without the index, the students of a course are scattered over every student's partition: the only way to find them is the Scan the comparison shows.",
    ],
    table: TABLE,
    playground,
};

const COURSES: [&str; 12] = [
    "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12",
];

fn chart() -> Chart {
    Chart {
        table: TableDesign::keyed(
            TABLE,
            vec![IndexDesign::global(
                "Inverted",
                "SK",
                "PK",
                ProjectionDesign::All,
            )],
        ),
        entities: vec![
            Entity {
                name: "Course".into(),
                attributes: vec![
                    A::new("courseId", G::Id { prefix: "c".into() }),
                    A::new("title", G::Words { min: 2, max: 5 }),
                    A::new("credits", G::Integer { min: 5, max: 30 }),
                    A::new("syllabus", G::Words { min: 40, max: 120 }),
                ],
                keys: key_templates(&[("PK", "COURSE#{courseId}"), ("SK", "COURSE#{courseId}")]),
                parent: None,
                count: (12, 12),
            },
            Entity {
                name: "Student".into(),
                attributes: vec![
                    A::new("studentId", G::Id { prefix: "s".into() }),
                    A::new("fullName", G::PersonName),
                    A::new("email", G::Email),
                    A::new("address", G::Address),
                ],
                keys: key_templates(&[
                    ("PK", "STUDENT#{studentId}"),
                    ("SK", "STUDENT#{studentId}"),
                ]),
                parent: None,
                count: (150, 150),
            },
            Entity {
                name: "Enrolment".into(),
                attributes: vec![
                    A::new("studentId", G::FromParent),
                    A::new("courseId", G::one_of(&COURSES)),
                    A::new("startedOn", G::Date { year: 2024 }),
                    A::new("grade", G::one_of(&["A", "B", "C", "D", "pending"])),
                ],
                keys: key_templates(&[("PK", "STUDENT#{studentId}"), ("SK", "COURSE#{courseId}")]),
                parent: Some("Student".into()),
                count: (1, 5),
            },
        ],
    }
}

fn patterns() -> Vec<AccessPattern> {
    let student = json!({":student": {"S": "STUDENT#s14"}, ":course": {"S": "COURSE#"}});
    let course = json!({":course": {"S": "COURSE#c4"}, ":student": {"S": "STUDENT#"}});
    let courses_of = AccessPattern::new("A student's courses", Operation::Query,
        json!({"TableName": TABLE, "KeyConditionExpression": "PK = :student AND begins_with(SK, :course)",
            "ExpressionAttributeValues": student}),
    )
    .with_scan_filter("PK = :student AND begins_with(SK, :course)", student);
    let students_in = AccessPattern::new(
        "The students in a course, from the inverted index",
        Operation::Query,
        json!({"TableName": TABLE, "IndexName": "Inverted",
            "KeyConditionExpression": "SK = :course AND begins_with(PK, :student)",
            "ExpressionAttributeValues": course}),
    )
    .with_scan_filter("SK = :course AND begins_with(PK, :student)", course);
    vec![
        AccessPattern::new(
            "A student's profile",
            Operation::GetItem,
            json!({"TableName": TABLE, "Key": {"PK": {"S": "STUDENT#s14"}, "SK": {"S": "STUDENT#s14"}}}),
        ),
        courses_of,
        students_in,
        AccessPattern::new(
            "A course's details",
            Operation::GetItem,
            json!({"TableName": TABLE, "Key": {"PK": {"S": "COURSE#c4"}, "SK": {"S": "COURSE#c4"}}}),
        ),
    ]
}

fn playground() -> Playground {
    Playground::new(chart(), 5).with_patterns(super::with_default_budgets(patterns()), 2)
}
